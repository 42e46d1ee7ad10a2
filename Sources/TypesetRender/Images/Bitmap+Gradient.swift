import TypesetCore

extension Bitmap {
    /// A gradient's pixels over a rectangle of the canvas: pixel column `i` samples the copy-local point
    /// `columns[i]` across and row `j` the point `rows[j]` down (nil: between copies, left transparent), each at
    /// the pixel's centre. The cost is one colour per pixel (one per row or column for a gradient that varies
    /// along one axis only), so linear in the area painted.
    static func gradient(_ shader: GradientShader, columns: [Double?], rows: [Double?]) -> Bitmap {
        var bitmap = Bitmap(width: columns.count, height: rows.count, fill: Color(red: 0, green: 0, blue: 0, alpha: 0))
        guard let anyX = columns.lazy.compactMap({ $0 }).first, let anyY = rows.lazy.compactMap({ $0 }).first else { return bitmap }
        // A gradient constant along rows or columns is computed once per row or column.
        let rowColors = shader.isConstantAlongRows ? rows.map { $0.map { shader.color(atX: anyX, y: $0).color } } : nil
        let columnColors = shader.isConstantAlongColumns ? columns.map { $0.map { shader.color(atX: $0, y: anyY).color } } : nil
        let width = columns.count
        bitmap.withUnsafeMutablePixels { pixels in
            for (row, y) in rows.enumerated() {
                guard let y else { continue }
                var offset = row * width * 4
                for (column, x) in columns.enumerated() {
                    defer { offset += 4 }
                    guard let x else { continue }
                    let color = rowColors?[row] ?? columnColors?[column] ?? shader.color(atX: x, y: y).color
                    pixels[offset] = color.red; pixels[offset + 1] = color.green
                    pixels[offset + 2] = color.blue; pixels[offset + 3] = color.alpha
                }
            }
        }
        return bitmap
    }

    /// For each pixel from `start` up to `end` (canvas pixels, `offset` the canvas's origin in page pixels), the
    /// point inside the copy that covers its centre, in points from the copy's start; nil where no copy does.
    /// `starts` are the copies' starts in page points, ascending, each `length` points long.
    static func copyCoordinates(from start: Int, to end: Int, offset: Int, scale: Double, starts: [Double],
                                length: Double) -> [Double?] {
        guard start < end else { return [] }
        var result: [Double?] = []
        result.reserveCapacity(end - start)
        var copy = 0
        for pixel in start..<end {
            let point = (Double(pixel + offset) + 0.5) / scale
            while copy < starts.count, starts[copy] + length <= point { copy += 1 }
            if copy < starts.count, starts[copy] <= point { result.append(point - starts[copy]) } else { result.append(nil) }
        }
        return result
    }
}
