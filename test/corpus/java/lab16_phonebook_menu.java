import java.util.ArrayList;
import java.util.Scanner;

// Лабораторна 9: телефонний довідник (меню зі switch у циклі while)
public class PhoneBook {
    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        ArrayList<String> names = new ArrayList<>();
        ArrayList<String> phones = new ArrayList<>();
        boolean running = true;
        while (running) {
            System.out.println("1 - додати  2 - знайти  3 - видалити  4 - список");
            System.out.println("5 - змінити номер  6 - кількість  7 - очистити  0 - вихід");
            int choice = in.nextInt();
            in.nextLine();
            switch (choice) {
                case 1:
                    System.out.print("Ім'я: ");
                    String name = in.nextLine();
                    System.out.print("Телефон: ");
                    String phone = in.nextLine();
                    names.add(name);
                    phones.add(phone);
                    break;
                case 2: {
                    System.out.print("Кого шукати: ");
                    String key = in.nextLine();
                    int found = names.indexOf(key);
                    if (found >= 0) {
                        System.out.println(phones.get(found));
                    } else {
                        System.out.println("Не знайдено");
                    }
                    break;
                }
                case 3: {
                    System.out.print("Кого видалити: ");
                    String key = in.nextLine();
                    int at = names.indexOf(key);
                    if (at >= 0) {
                        names.remove(at);
                        phones.remove(at);
                        System.out.println("Видалено");
                    }
                    break;
                }
                case 4:
                    for (int i = 0; i < names.size(); i++) {
                        System.out.println((i + 1) + ". " + names.get(i) + " " + phones.get(i));
                    }
                    break;
                case 5: {
                    System.out.print("Чий номер змінити: ");
                    String key = in.nextLine();
                    int at = names.indexOf(key);
                    if (at < 0) {
                        System.out.println("Немає такого запису");
                        break;
                    }
                    System.out.print("Новий номер: ");
                    phones.set(at, in.nextLine());
                    break;
                }
                case 6:
                    System.out.println("Записів: " + names.size());
                    break;
                case 7:
                    names.clear();
                    phones.clear();
                    break;
                case 0:
                    running = false;
                    break;
                default:
                    System.out.println("Невідома команда");
            }
        }
        System.out.println("Роботу завершено");
    }
}
