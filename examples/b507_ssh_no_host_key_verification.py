import paramiko
from paramiko import client as ssh

connection = paramiko.SSHClient()
connection.set_missing_host_key_policy(paramiko.AutoAddPolicy())  # expect: B507@40
connection.set_missing_host_key_policy(paramiko.AutoAddPolicy)  # expect: B507
connection.set_missing_host_key_policy(ssh.WarningPolicy())  # expect: B507
connection.set_missing_host_key_policy(WarningPolicy)  # expect: B507
connection.set_missing_host_key_policy(  # nosec B507
    paramiko.AutoAddPolicy(),
)

connection.set_missing_host_key_policy(paramiko.RejectPolicy())
connection.set_missing_host_key_policy(policy)
connection.set_missing_host_key_policy()
connection.load_system_host_keys()
