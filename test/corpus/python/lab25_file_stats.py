# lab 10 - files
# read marks from marks.txt (one "surname mark" per line), write stats to stats.txt

FILE_IN = "marks.txt"
FILE_OUT = "stats.txt"

marks = {}
with open(FILE_IN, encoding="utf-8") as f:
    for line in f:
        parts = line.split()
        if len(parts) != 2:
            continue
        name, mark = parts
        marks[name] = int(mark)

if len(marks) == 0:
    print("no data")
else:
    avg = sum(marks.values()) / len(marks)
    best = max(marks, key=marks.get)
    failed = [n for n, m in marks.items() if m < 60]
    with open(FILE_OUT, "w", encoding="utf-8") as out:
        out.write(f"students: {len(marks)}\n")
        out.write(f"average: {avg:.1f}\n")
        out.write(f"best: {best} ({marks[best]})\n")
        for n in sorted(failed):
            out.write(f"failed: {n}\n")
    print("done, see", FILE_OUT)
