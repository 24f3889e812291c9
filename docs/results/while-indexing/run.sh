#!/bin/bash

source /work/venv/bin/activate
cd /work/runs/bench42
export SAADI_HOME=/work/runs/bench42/home
M=/root/.local/share/saadi-desktop/models/qwen2.5-coder-1.5b-instruct-q4_k_m.gguf
CP=/work/shared/books/epub/austen_pride-and-prejudice.epub
Q=/work/shared/eval/dev/pride-and-prejudice.questions.jsonl
git -C /work/main rev-parse --short HEAD > commit.txt
uptime > load-start.txt
saadi bench speed $CP --queries 200 --questions $Q --repeat 1 --while-indexing 4 --model $M --json > speed-after.json 2> speed-after.err
uptime >> load-start.txt
python before_embed.py bench speed $CP --queries 200 --questions $Q --repeat 1 --while-indexing 4 --model $M --json > speed-before-embed.json 2> speed-before-embed.err
uptime >> load-start.txt
QT_QPA_PLATFORM=offscreen saadi bench stall /work/shared/books/epub/austen_pride-and-prejudice.epub --chunks 2 --runs 10 --priority both --model $M --json > stall.json 2> stall.err
uptime >> load-start.txt
echo done > finished.txt
