from pathlib import Path

from werkzeug.utils import secure_filename


class Archive:
    def __init__(self, root):
        self.root = Path(root)

    def keep(self, upload):
        upload.save(self.root / upload.filename)

    def keep_named(self, upload):
        upload.save(self.root / secure_filename(upload.filename))
