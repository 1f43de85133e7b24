class UnidentifiedImageError(OSError):
    pass


class _Image:
    def __init__(self, tokens):
        self.tokens = tokens

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def convert(self, mode):
        return self.tokens


def open(path):
    import builtins

    with builtins.open(path, "rb") as handle:
        data = handle.read()
    if not data.strip().isdigit():
        raise UnidentifiedImageError(f"cannot identify image file {path!r}")
    return _Image(int(data))
