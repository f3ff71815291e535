import paramiko

client = paramiko.SSHClient()
client.set_missing_host_key_policy(paramiko.RejectPolicy())
client.connect(host)
client.exec_command("ls -l " + directory)  # expect: B601@21
stdin, stdout, stderr = client.exec_command(command)  # expect: B601@45
client.exec_command(command="uptime")  # expect: B601@29
session.exec_command(  # expect: B601@1
    timeout=5,
)
transport.open_session().exec_command(
    f"cat {path}",  # expect: B601@5
)

client.invoke_shell()
client.exec_command_async(command)
client.open_sftp().listdir(directory)
