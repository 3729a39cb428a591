<html>
<body>
<?php
$grades = ["Іван" => 85, "Олена" => 92, "Петро" => 58];
foreach ($grades as $name => $grade) {
    if ($grade >= 90) {
        $mark = "відмінно";
    } elseif ($grade >= 75) {
        $mark = "добре";
    } elseif ($grade >= 60) {
        $mark = "задовільно";
    } else {
        $mark = "незадовільно";
        continue;
    }
    echo "<p>$name: $grade ($mark)</p>";
}
$i = 0;
while ($i < 3) {
    print "Рядок $i<br>";
    $i++;
}
exit(0);
?>
</body>
</html>
