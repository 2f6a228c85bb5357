"""Runs the command N times at once; prints how many succeeded and whether
their stdout agree (tests of the kernel cache under concurrency)."""
import subprocess
import sys

count = int(sys.argv[1])
command = sys.argv[2:]
processes = [subprocess.Popen(command, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True)
             for _ in range(count)]
results = [p.communicate() + (p.returncode,) for p in processes]
ok = [r for r in results if r[2] == 0]
for out, err, code in results:
    if code != 0:
        sys.stderr.write(err)
same = len({r[0] for r in ok}) == 1
print("%d of %d succeeded, %s" % (len(ok), count,
                                   "all outputs equal" if same
                                   else "outputs differ"))
