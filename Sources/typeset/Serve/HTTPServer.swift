import Foundation
import CHTTPServer

/// One HTTP request as the server's handler sees it: libmicrohttpd parsed it; its body is whole.
struct HTTPRequest {
    /// `GET`, `POST`, `PUT`, `DELETE`...
    let method: String
    /// The URL's path, percent-decoded, without the query string (`/books/ab12/query`).
    let path: String
    /// The body (empty for none).
    let body: [UInt8]
    /// Whether the body was larger than ``HTTPServer/maximumBodyBytes`` (it was dropped).
    let bodyTooLarge: Bool
    /// A query-string argument (`?reader=R`), by name.
    let argument: (String) -> String?
    /// A request header, by name (case-insensitive).
    let header: (String) -> String?

    /// The body as UTF-8 text (malformed sequences replaced).
    var bodyText: String { String(decoding: body, as: UTF8.self) }
}

/// An HTTP answer: status, headers and body.
struct HTTPResponse {
    var status: Int
    var headers: [(String, String)]
    var body: [UInt8]

    init(status: Int = 200, contentType: String, body: [UInt8], headers: [(String, String)] = []) {
        self.status = status
        self.headers = [("Content-Type", contentType)] + headers
        self.body = body
    }

    /// A JSON answer.
    static func json(_ value: JSONWriter.Value, status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, contentType: "application/json; charset=utf-8",
                     body: Array(JSONWriter.render(value).utf8), headers: [("Cache-Control", "no-store")])
    }

    /// A client or server error: `{"error": message}` with its status (4xx for the request's fault).
    static func error(_ status: Int, _ message: String) -> HTTPResponse {
        json(.object([("error", .string(message.oneLine()))]), status: status)
    }

    /// An HTML page.
    static func html(_ text: String) -> HTTPResponse {
        HTTPResponse(contentType: "text/html; charset=utf-8", body: Array(text.utf8), headers: [("Cache-Control", "no-store")])
    }
}

/// The one Swift owner of a libmicrohttpd daemon: listens on an address and port and answers each request with
/// `handler`, called on libmicrohttpd's pool threads (several at once: the handler must be thread-safe). Stopped
/// by ``stop()`` or when released.
final class HTTPServer: @unchecked Sendable {
    /// The largest request body read (4 MB: an annotations import); a larger one is answered 413 unread.
    static let maximumBodyBytes = 4 << 20
    /// Pool threads answering requests.
    static let threads: UInt32 = 4

    /// The port listened on (the one the system chose when 0 was asked for).
    private(set) var port = 0
    private let handler: @Sendable (HTTPRequest) -> HTTPResponse
    /// The C daemon; nil once stopped. Only `init` and `stop` touch it.
    private var daemon: UnsafeMutableRawPointer?
    private let lock = NSLock()

    /// Starts listening on `host` (an IPv4 or IPv6 address, or a name) and `port` (0: any free one).
    ///
    /// - Throws: ``ToolFailure`` when libmicrohttpd is missing or the address cannot be listened on.
    init(host: String, port: Int, handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse) throws {
        self.handler = handler
        var error = [CChar](repeating: 0, count: 512)
        guard CHTTP_load(&error, error.count) == 0 else {
            throw ToolFailure(status: .badUsage, message: error.nulTerminatedText)
        }
        guard (0...65535).contains(port) else { throw UsageError("--port: \(port) is not a port from 0 to 65535") }
        var bound: UInt16 = 0
        let context = Unmanaged.passUnretained(self).toOpaque()
        let started = CHTTP_start(host, UInt16(port), Self.threads, Self.maximumBodyBytes, { context, request, response in
            guard let context, let request, let response else { return }
            Unmanaged<HTTPServer>.fromOpaque(context).takeUnretainedValue().answer(request.pointee, into: response)
        }, context, &bound, &error, error.count)
        guard let started else { throw ToolFailure(status: .badUsage, message: error.nulTerminatedText) }
        daemon = started
        self.port = Int(bound)
    }

    deinit { stop() }

    /// Stops listening and waits for the requests being answered.
    func stop() {
        lock.lock()
        let daemon = self.daemon
        self.daemon = nil
        lock.unlock()
        if let daemon { CHTTP_stop(daemon) }
    }

    /// Reads a C request, asks the handler, and writes its answer for the facade (which frees what it is given).
    private func answer(_ request: CHTTPRequest, into response: UnsafeMutablePointer<CHTTPResponse>) {
        let connection = request.connection
        let body = request.bodyLength > 0 && request.body != nil
            ? Array(UnsafeBufferPointer(start: request.body, count: request.bodyLength)) : []
        let value = HTTPRequest(
            method: request.method.map { String(cString: $0) } ?? "GET",
            path: request.path.map { String(cString: $0) } ?? "/",
            body: body, bodyTooLarge: request.bodyTooLarge != 0,
            argument: { name in CHTTP_argument(connection, name).map { String(cString: $0) } },
            header: { name in CHTTP_header(connection, name).map { String(cString: $0) } })
        let reply = value.bodyTooLarge
            ? HTTPResponse.error(413, "the request body is larger than \(Self.maximumBodyBytes >> 20) MB")
            : handler(value)
        response.pointee.status = Int32(reply.status)
        if !reply.body.isEmpty, let memory = malloc(reply.body.count) {
            reply.body.withUnsafeBytes { bytes in
                if let base = bytes.baseAddress { memory.copyMemory(from: base, byteCount: bytes.count) }
            }
            response.pointee.body = memory.assumingMemoryBound(to: UInt8.self)
            response.pointee.bodyLength = reply.body.count
        }
        // Header lines; a name or value with a line break is dropped (the handler's own strings never have one).
        let lines = reply.headers.filter { !($0.0 + $0.1).contains(where: { $0 == "\n" || $0 == "\r" }) }
            .map { "\($0.0): \($0.1)\n" }.joined()
        response.pointee.headers = strdup(lines)
    }
}

extension Array where Element == CChar {
    /// A C facade's message buffer as text, up to its NUL.
    var nulTerminatedText: String {
        String(decoding: prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
