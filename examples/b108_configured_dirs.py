# options: {hardcoded_tmp_directory: {tmp_dirs: [/srv/scratch]}, tests: [B108]}
SCRATCH = "/srv/scratch/job.lock"  # expect: B108
SHARED = "/tmp/job.lock"
