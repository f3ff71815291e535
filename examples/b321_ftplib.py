import ftplib  # expect: B402
from ftplib import FTP, FTP_TLS  # expect: B402

ftplib.FTP(host)  # expect: B321
FTP(host)  # expect: B321
server = ftplib.FTP(  # expect: B321
    host,
)

ftplib.FTP_TLS(host)
FTP_TLS(host).prot_p()
client.FTP(host)
