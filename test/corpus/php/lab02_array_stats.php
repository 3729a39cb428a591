<?php
$n = (int) readline("Кількість: ");
$a = [];
for ($i = 0; $i < $n; $i++) {
    $a[$i] = rand(1, 100);
}
$max = $a[0];
$min = $a[0];
$even = 0;
foreach ($a as $value) {
    if ($value > $max) {
        $max = $value;
    }
    if ($value < $min) {
        $min = $value;
    }
    if ($value % 2 == 0) {
        $even++;
    }
}
echo "Масив: " . implode(", ", $a) . "\n";
echo "Максимум: $max, мінімум: $min\n";
echo "Парних: {$even}\n";
