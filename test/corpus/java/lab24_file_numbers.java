import java.io.BufferedReader;
import java.io.FileReader;
import java.io.FileWriter;
import java.io.IOException;
import java.io.PrintWriter;

// Лабораторна 10. Файли: прочитати числа з numbers.txt (по одному в рядку),
// записати в result.txt парні числа та їх суму
public class FileNumbers {
    public static void main(String[] args) {
        int sum = 0;
        int count = 0;
        try (BufferedReader reader = new BufferedReader(new FileReader("numbers.txt"));
             PrintWriter writer = new PrintWriter(new FileWriter("result.txt"))) {
            String line;
            while ((line = reader.readLine()) != null) {
                line = line.trim();
                if (line.isEmpty()) continue;
                int x = Integer.parseInt(line);
                if (x % 2 == 0) {
                    writer.println(x);
                    sum += x;
                    count++;
                }
            }
            writer.println("Сума парних: " + sum);
        } catch (IOException e) {
            System.out.println("Помилка файлу: " + e.getMessage());
            return;
        } catch (NumberFormatException e) {
            System.out.println("У файлі є не число");
            return;
        }
        System.out.println("Знайдено парних: " + count);
    }
}
