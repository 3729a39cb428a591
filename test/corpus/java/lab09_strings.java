import java.io.*;

public class Strings {
    static boolean isPalindrome(String s) {
        int i = 0, j = s.length() - 1;
        while (i < j) {
            if (s.charAt(i) != s.charAt(j)) return false;
            i++;
            j--;
        }
        return true;
    }

    static int countVowels(String s) {
        int count = 0;
        for (char c : s.toLowerCase().toCharArray()) {
            if ("aeiouаеєиіїоуюя".indexOf(c) >= 0) {
                count++;
            }
        }
        return count;
    }

    public static void main(String[] args) throws IOException {
        BufferedReader br = new BufferedReader(new InputStreamReader(System.in));
        String line = br.readLine();
        while (line != null && !line.isEmpty()) {
            System.out.println(line + ": " + (isPalindrome(line) ? "паліндром" : "ні"));
            System.out.println("Голосних: " + countVowels(line));
            line = br.readLine();
        }
    }
}
