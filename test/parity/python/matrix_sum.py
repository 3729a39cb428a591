def matrix_sum(m, rows, cols):
    s = 0
    for i in range(rows):
        for j in range(cols):
            s += m[i][j]
    return s
