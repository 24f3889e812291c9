"""saadi_desktop: a local-first reading assistant (SAADI: understand once, retrieve many times)."""

__version__ = "0.1.0"
