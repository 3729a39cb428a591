import sys
# Лабораторна робота №12: таблиця множення (табуляція замість пробілів)
def table(n):
	for i in range(1, n + 1):
		row = ""
		for j in range(1, n + 1):
			row += "%4d" % (i * j)
		print(row)

def main():
	n = int(input("n = "))
	if n <= 0 or n > 20:
		print("Некоректне n", file=sys.stderr)
		return
	table(n)

if __name__ == "__main__":
	main()
