<?php
function readInt(string $prompt): int
{
    while (true) {
        echo $prompt;
        $line = trim(fgets(STDIN));
        if (is_numeric($line) && (int) $line == $line) {
            return (int) $line;
        }
        echo "Помилка: потрібне ціле число\n";
    }
}

$a = readInt("a = ");
$b = readInt("b = ");
try {
    $q = intdiv($a, $b);
    echo "Частка: $q\n";
} catch (DivisionByZeroError $e) {
    echo "Ділення на нуль\n";
}
if ($a > $b) {
    echo "a більше\n";
} elseif ($a < $b) {
    echo "b більше\n";
} else {
    echo "Рівні\n";
}
