import java.util.ArrayList;
import java.util.List;

public class University {
    static class Student {
        private String name;
        private double grade;

        Student(String name, double grade) {
            this.name = name;
            this.grade = grade;
        }

        String getName() { return name; }

        double getGrade() { return grade; }

        boolean isExcellent() {
            return grade >= 90;
        }
    }

    public static void main(String[] args) {
        List<Student> list = new ArrayList<>();
        list.add(new Student("Олена", 95));
        list.add(new Student("Петро", 72));
        list.add(new Student("Ірина", 88));
        double total = 0;
        for (Student s : list) {
            total += s.getGrade();
            if (s.isExcellent()) {
                System.out.println(s.getName() + " — відмінник");
            }
        }
        System.out.println("Середній бал: " + total / list.size());
        list.stream().filter(s -> s.getGrade() < 75).forEach(s -> System.out.println("Боржник: " + s.getName()));
    }
}
