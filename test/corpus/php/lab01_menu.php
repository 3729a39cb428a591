<?php
// Лабораторна робота №1. Меню в циклі
// Варіант 7: облік товарів на складі канцтоварів
mb_internal_encoding("UTF-8");

$goods = [
    ["name" => "Зошит", "price" => 18.5, "count" => 120],
    ["name" => "Ручка", "price" => 12.0, "count" => 300],
    ["name" => "Олівець", "price" => 7.25, "count" => 80],
];

function readNumber(string $prompt, float $min): float
{
    echo $prompt;
    $line = trim(fgets(STDIN));
    while (!is_numeric($line) || $line < $min) {
        echo "Помилка! Введіть число не менше $min\n";
        echo $prompt;
        $line = trim(fgets(STDIN));
    }
    return (float) $line;
}

function printGoods(array $goods): void
{
    if (count($goods) == 0) {
        echo "Склад порожній\n";
        return;
    }
    echo "№  Назва          Ціна    Кількість\n";
    foreach ($goods as $i => $item) {
        printf("%-3d%-15s%-8.2f%d\n", $i + 1, $item["name"], $item["price"], $item["count"]);
    }
}

function totalCost(array $goods): float
{
    $sum = 0;
    foreach ($goods as $item) {
        $sum += $item["price"] * $item["count"];
    }
    return $sum;
}

function findCheapest(array $goods): int
{
    $min = 0;
    for ($i = 1; $i < count($goods); $i++) {
        if ($goods[$i]["price"] < $goods[$min]["price"]) {
            $min = $i;
        }
    }
    return $min;
}

do {
    echo "\n------ МЕНЮ ------\n";
    echo "1. Переглянути товари\n";
    echo "2. Додати товар\n";
    echo "3. Видалити товар\n";
    echo "4. Загальна вартість\n";
    echo "5. Найдешевший товар\n";
    echo "0. Вихід\n";
    echo "Оберіть пункт: ";
    $choice = trim(fgets(STDIN));
    switch ($choice) {
        case "1":
            printGoods($goods);
            break;
        case "2":
            echo "Назва товару: ";
            $name = trim(fgets(STDIN));
            $price = readNumber("Ціна, грн: ", 0.01);
            $count = (int) readNumber("Кількість, шт: ", 1);
            $goods[] = ["name" => $name, "price" => $price, "count" => $count];
            echo "Товар «$name» додано\n";
            break;
        case "3":
            $n = (int) readNumber("Номер товару: ", 1);
            if ($n > count($goods)) {
                echo "Товару з номером $n немає\n";
            } else {
                echo "Видалено: " . $goods[$n - 1]["name"] . "\n";
                array_splice($goods, $n - 1, 1);
            }
            break;
        case "4":
            printf("Загальна вартість: %.2f грн\n", totalCost($goods));
            break;
        case "5":
            if (count($goods) > 0) {
                $item = $goods[findCheapest($goods)];
                echo "Найдешевший: {$item['name']}, {$item['price']} грн\n";
            } else {
                echo "Склад порожній\n";
            }
            break;
        case "0":
            echo "Роботу завершено\n";
            break;
        default:
            echo "Такого пункту немає\n";
    }
} while ($choice != "0");
