<?php
// Лабораторна робота: меню роботи з масивом
function printArray($a)
{
    foreach ($a as $i => $v) {
        echo "[$i] = $v\n";
    }
}

function average($a)
{
    if (count($a) == 0) {
        return 0;
    }
    return array_sum($a) / count($a);
}

$numbers = [];
do {
    echo "1 - додати число\n2 - показати\n3 - середнє\n0 - вихід\n";
    $choice = (int) trim(fgets(STDIN));
    switch ($choice) {
        case 1:
            echo "Число: ";
            $numbers[] = (float) trim(fgets(STDIN));
            break;
        case 2:
            printArray($numbers);
            break;
        case 3:
            printf("Середнє: %.2f\n", average($numbers));
            break;
        case 0:
            echo "Вихід\n";
            break;
        default:
            echo "Невірний пункт меню\n";
    }
} while ($choice != 0);
