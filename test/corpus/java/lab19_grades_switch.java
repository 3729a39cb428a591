import java.util.Scanner;

// Лабораторна 4: оцінка за 100-бальною шкалою → ECTS і національна
public class Grades {
    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        int n = in.nextInt();
        int[] counts = new int[6];
        for (int k = 0; k < n; k++) {
            int score = in.nextInt();
            String ects;
            String nat;
            if (score < 0 || score > 100) {
                System.out.println("Помилкова оцінка " + score);
                continue;
            }
            if (score >= 90) {
                ects = "A";
                nat = "відмінно";
                counts[0]++;
            } else if (score >= 82) {
                ects = "B";
                nat = "добре";
                counts[1]++;
            } else if (score >= 74) {
                ects = "C";
                nat = "добре";
                counts[2]++;
            } else if (score >= 64) {
                ects = "D";
                nat = "задовільно";
                counts[3]++;
            } else if (score >= 60) {
                ects = "E";
                nat = "задовільно";
                counts[4]++;
            } else {
                ects = "FX";
                nat = "незадовільно";
                counts[5]++;
            }
            System.out.println(score + " " + ects + " " + nat);
        }
        for (int i = 0; i < counts.length; i++) {
            switch (i) {
                case 0: System.out.print("A: "); break;
                case 1: System.out.print("B: "); break;
                case 2: System.out.print("C: "); break;
                case 3: System.out.print("D: "); break;
                case 4: System.out.print("E: "); break;
                default: System.out.print("FX: ");
            }
            System.out.println(counts[i]);
        }
    }
}
