import datetime
import os


class Exporter:
    def __init__(self, folder):
        self.folder = folder

    @classmethod
    def from_settings(cls, settings):
        return cls(settings["EXPORT_DIR"])

    def write(self, name, body):
        with open(os.path.join(self.folder, name), "w") as handle:
            handle.write(body)

    def write_dated(self, body):
        name = datetime.date.today().isoformat() + ".csv"
        with open(os.path.join(self.folder, name), "w") as handle:
            handle.write(body)
