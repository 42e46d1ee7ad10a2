import TypesetCore

/// Decoded images ready to draw, by source and pixel size, bounded in bytes: the images of the pages a reader
/// turns back and forth through are decoded once. Failures are kept too (by source), so that a broken image is
/// read, and reported, once.
final class ImageCache {
    /// What one image came to.
    enum Entry {
        case image(Bitmap)
        case failed(String)
    }

    struct Key: Hashable {
        var source: String
        var width: Int
        var height: Int
    }

    /// The most bytes of decoded pixels kept: about ten full-page images on a phone at 3× (1,170 × 2,532 RGBA).
    let maximumBytes: Int
    private var images: [Key: Bitmap] = [:]
    /// Keys from the least to the most recently used.
    private var order: [Key] = []
    private var bytes = 0
    private var failures: [String: String] = [:]

    init(maximumBytes: Int = 128 << 20) { self.maximumBytes = maximumBytes }

    /// The image or failure kept for `key`, marking it as recently used.
    func entry(_ key: Key) -> Entry? {
        if let failure = failures[key.source] { return .failed(failure) }
        guard let image = images[key] else { return nil }
        if let index = order.lastIndex(of: key), index != order.count - 1 {
            order.remove(at: index)
            order.append(key)
        }
        return .image(image)
    }

    /// Keeps `entry` for `key`, dropping the least recently used images past ``maximumBytes``. An image larger
    /// than the whole budget is not kept.
    func store(_ entry: Entry, for key: Key) {
        switch entry {
        case .failed(let message): failures[key.source] = message
        case .image(let image):
            let size = image.pixels.count
            guard size <= maximumBytes, images[key] == nil else { return }
            while bytes + size > maximumBytes, !order.isEmpty {
                let oldest = order.removeFirst()
                bytes -= images.removeValue(forKey: oldest)?.pixels.count ?? 0
            }
            images[key] = image
            order.append(key)
            bytes += size
        }
    }

    /// Bytes of pixels held.
    var byteCount: Int { bytes }
}
