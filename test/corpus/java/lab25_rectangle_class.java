// Лабораторна 12. ООП. Клас Прямокутник
class Rectangle {
    private double width;
    private double height;

    Rectangle(double width, double height) {
        this.width = width;
        this.height = height;
    }

    double area() {
        return width * height;
    }

    double perimeter() {
        return 2 * (width + height);
    }

    boolean isSquare() {
        return Math.abs(width - height) < 1e-9;
    }

    void scale(double k) {
        if (k <= 0) {
            System.out.println("Коефіцієнт має бути додатним");
            return;
        }
        width *= k;
        height *= k;
    }

    public String toString() {
        return String.format("Прямокутник %.1f x %.1f", width, height);
    }
}

public class Lab25 {
    public static void main(String[] args) {
        Rectangle[] figures = { new Rectangle(3, 4), new Rectangle(5, 5), new Rectangle(2, 7.5) };
        Rectangle biggest = figures[0];
        for (Rectangle r : figures) {
            System.out.println(r + ": S = " + r.area() + ", P = " + r.perimeter());
            if (r.isSquare()) {
                System.out.println("  це квадрат");
            }
            if (r.area() > biggest.area()) {
                biggest = r;
            }
        }
        biggest.scale(0.5);
        System.out.println("Найбільший після зменшення: " + biggest);
    }
}
