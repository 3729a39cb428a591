import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Scanner;

// Лабораторна 9: перевірка дужок стеком
public class Brackets {
    static boolean matches(char open, char close) {
        if (open == '(') {
            return close == ')';
        } else if (open == '[') {
            return close == ']';
        } else if (open == '{') {
            return close == '}';
        } else if (open == '<') {
            return close == '>';
        } else {
            return false;
        }
    }

    static int firstError(String s) {
        Deque<Character> stack = new ArrayDeque<>();
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '(' || c == '[' || c == '{' || c == '<') {
                stack.push(c);
            } else if (c == ')' || c == ']' || c == '}' || c == '>') {
                if (stack.isEmpty()) {
                    return i;
                } else if (!matches(stack.pop(), c)) {
                    return i;
                }
            } else if (c == '"') {
                int j = s.indexOf('"', i + 1);
                if (j < 0) {
                    return i;
                }
                i = j;
            }
        }
        if (!stack.isEmpty()) {
            return s.length();
        }
        return -1;
    }

    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        while (in.hasNextLine()) {
            String line = in.nextLine();
            if (line.equals("exit")) {
                break;
            }
            int pos = firstError(line);
            if (pos < 0) {
                System.out.println("OK");
            } else {
                System.out.println("Помилка в позиції " + (pos + 1));
            }
        }
    }
}
