function matrix_sum(m, rows, cols) {
    let s = 0;
    for (let i = 0; i < rows; i++) {
        for (let j = 0; j < cols; j++) {
            s += m[i][j];
        }
    }
    return s;
}

console.log(matrix_sum(10));
