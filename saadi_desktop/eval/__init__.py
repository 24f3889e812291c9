"""Evaluation: retrieval and alias metrics, and the ``saadi bench`` commands."""
