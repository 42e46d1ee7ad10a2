import TypesetRender

/// A folder of page files, `page-0001.png`, ..., numbered from 1 with as many digits as the layout's last page
/// needs (at least four); made when the first page is written.
struct PageFolder {
    /// The folder's path.
    let path: String
    /// The layout's page count, which sets the digits.
    let pageCount: Int
    /// What a file holds, its name's start: `page`, or `screen` for the windows of a scroll page.
    let noun: String
    private var created = false

    init(path: String, pageCount: Int, noun: String = "page") {
        self.path = path
        self.pageCount = pageCount
        self.noun = noun
    }

    /// Writes page `pageIndex` (zero-based) as a whole file.
    ///
    /// - Throws: ``RenderError`` `.io` when the folder or the file cannot be made.
    mutating func write(_ png: [UInt8], pageIndex: Int) throws {
        if !created {
            try PNGEncoder.createFolder(path)
            created = true
        }
        try PNGEncoder.write(png, to: path + "/" + fileName(pageIndex))
    }

    /// `page-0012.png` for index 11 (or `screen-0012.png`).
    func fileName(_ pageIndex: Int) -> String {
        let digits = max(4, String(pageCount).count)
        let number = String(pageIndex + 1)
        return noun + "-" + String(repeating: "0", count: max(0, digits - number.count)) + number + ".png"
    }
}
