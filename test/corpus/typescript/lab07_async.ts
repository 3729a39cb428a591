async function fetchGrade(student: string): Promise<number> {
  return student.length * 10;
}

async function main(): Promise<void> {
  const students: string[] = ["Анна", "Богдан", "Віра"];
  let total = 0;
  for (const s of students) {
    const grade = await fetchGrade(s);
    total += grade;
    console.log(`${s}: ${grade}`);
  }
  console.log("Середній бал:", total / students.length);
}

main().catch((e) => console.error(e));
