/** The benchmarks' generated Python code: one unit of ~10 blocks of typical lab code; `units` of them make a function. */
export function program(units: number): string {
  const lines = ["def work(a, n):", "    total = 0"];
  for (let u = 0; u < units; u++) {
    lines.push(
      `    x${u} = int(input("x${u} = "))`,
      `    if x${u} > total:`,
      `        total = total + x${u}`,
      `    else:`,
      `        print("skip", x${u})`,
      `    for i in range(1, n + 1):`,
      `        if a[i] % 2 == 0:`,
      `            continue`,
      `        total += a[i] * i`,
      `    while total > 1000:`,
      `        total //= 2`,
    );
  }
  lines.push("    return total");
  return lines.join("\n") + "\n";
}
