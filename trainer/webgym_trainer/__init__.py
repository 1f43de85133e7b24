"""webgym's own trainer: reward-weighted behaviour cloning of a Qwen3-VL web agent.

The modules here import with torch alone (loss, data, config, progress); transformers, peft and accelerate are
imported inside the functions of ../train.py that need them, so the unit tests run on a machine without them.
"""
