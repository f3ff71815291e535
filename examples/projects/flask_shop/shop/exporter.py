"""Export jobs: the shell runs here, far from the request that asked for them."""

import shlex
import subprocess  # expect: B404


def export_orders(customer):
    command = "orders-export --customer " + customer
    subprocess.run(command, shell=True, check=True)  # expect: B602


def export_orders_quoted(customer):
    command = "orders-export --customer " + shlex.quote(customer)
    subprocess.run(command, shell=True, check=True)  # expect: B602


def nightly_export():
    subprocess.run("orders-export --all", shell=True, check=True)  # expect: B602:LOW, B607


class Archive:
    """Wraps the archive tool; the folder it is given decides where it writes."""

    def __init__(self, folder):
        self.folder = folder

    def pack(self, name):
        subprocess.run("tar czf " + self.folder + "/" + name + ".tgz .", shell=True)  # expect: B602


#: the archive every view shares, made when the module loads
shared_archive = Archive("/srv/archive")
