import tarfile

archive = tarfile.open(upload)
archive.extractall()  # expect: B202@1
archive.extractall(destination)  # expect: B202
archive.extractall(path=destination, filter="tar")  # expect: B202
archive.extractall(destination, filter=tarfile.data_filter)  # expect: B202
archive.extractall(members=safe_members(archive))  # expect: B202@28
archive.extractall(members=screen.members(archive))  # expect: B202
archive.extractall(members=chosen)  # expect: B202
archive.extractall(members=[info])  # expect: B202
tarfile.open(upload).extractall(destination)  # expect: B202
self.tar_extractall(destination)  # expect: B202
archive.extractall(  # nosec B202
    destination,
)

archive.extractall(destination, filter="data")
archive.extractall(path=destination, members=chosen, filter="data")
archive.extract(member, destination)
zipfile_archive.extract_all(destination)


def unpack(upload, destination):
    archive = tarfile.open(upload)
    archive.extraction_filter = tarfile.data_filter
    archive.extractall(destination)  # expect: B202
