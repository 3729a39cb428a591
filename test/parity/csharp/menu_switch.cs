using System;

class Lab {
    static void menu_switch(int choice) {
        switch (choice) {
            case 1:
                Console.WriteLine("New game");
                break;
            case 2:
                Console.WriteLine("Load game");
                break;
            case 3:
                Console.WriteLine("Settings");
                break;
            default:
                Console.WriteLine("Unknown");
                break;
        }
    }

    static void Main(string[] args) {
        int choice = int.Parse(Console.ReadLine());
        menu_switch(choice);
    }
}
