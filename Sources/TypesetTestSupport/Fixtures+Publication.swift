import Foundation
import TypesetCore
import TypesetDocuments

extension Fixtures {
    /// A corpus book as a ``Publication`` (an EPUB by its extension, else plain text named by its file name).
    public static func corpusPublication(_ name: String) throws -> Publication {
        let path = try corpusPath(name)
        if name.hasSuffix(".epub") { return try EPUBReader().read(path: path).publication }
        return try PlainTextReader().read(bytes: corpusBytes(name), name: name).publication(href: name)
    }

    /// Random but valid reader settings drawn from the ranges readers use: the bundled families, 12–32 pt,
    /// line height 1–2, margins 0–60 pt, phone and tablet pages in both orientations, one or two columns on
    /// wide pages.
    public static func randomSettings(using generator: inout SplitMix64) -> TypographySettings {
        var settings = Fixtures.settings
        let families = ["Charis SIL", "Noto Sans", "Georgia", "Helvetica", "serif"]
        settings.fontFamily = families[Int(generator.next() % UInt64(families.count))]
        settings.fontSize = Double(12 + Int(generator.next() % 21))
        settings.lineHeightMultiple = 1 + Double(generator.next() % 101) / 100
        let margin = Double(generator.next() % 61)
        settings.margins = EdgeInsets(all: margin)
        let sizes = [Size(width: 320, height: 568), Size(width: 390, height: 844), Size(width: 844, height: 390),
                     Size(width: 768, height: 1024), Size(width: 1024, height: 768)]
        settings.pageSize = sizes[Int(generator.next() % UInt64(sizes.count))]
        settings.columns = settings.pageSize.width >= 700 && generator.next() % 2 == 0 ? 2 : 1
        return settings
    }
}

extension ReadingSession {
    /// Sets the typography, keeping the session's other settings (appearance, mode, publisher styles).
    @discardableResult
    public func setTypography(_ typography: TypographySettings) throws -> ReaderPage {
        var settings = self.settings
        settings.typography = typography
        return try setSettings(settings)
    }
}
