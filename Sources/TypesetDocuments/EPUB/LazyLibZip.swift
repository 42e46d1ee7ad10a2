internal import CLibZip
#if canImport(Glibc)
import Glibc
#endif

// libzip, loaded on first use.
//
// Linking libzip made every process load it and its dependencies, OpenSSL's libcrypto above all, at start-up: 1.7 ms
// of a one-page CLI run (a Swift program linked with Typeset's libraries started in 5.2 ms with libzip and 3.5 ms
// without, hyperfine medians), for a library only EPUB books need. So `CLibZip` declares libzip's API without
// linking it, and the functions Typeset calls (and those its tests use to write archives) are defined here under
// libzip's own C names: the first call loads libzip with dlopen and every call is forwarded to it. `LibZipArchive`
// calls libzip exactly as before.
//
// They are Swift (`@_cdecl`) rather than a C file because Clang writes DWARF 5, which valgrind 3.19 (Debian 12)
// cannot read: a C target here made callgrind give up on the whole executable.
//
// When libzip cannot be loaded, the calls fail the way libzip reports its own failures (NULL or -1, error code
// ZIP_ER_INTERNAL, and a message naming the library), so reading an EPUB ends with an error saying so.

/// libzip's functions, resolved once per process (`dlopen` keeps one copy of a library per process anyway).
/// Immutable after loading; `@unchecked Sendable` because C function pointers are plain addresses.
private struct LibZip: @unchecked Sendable {
    let close: @convention(c) (OpaquePointer) -> Int32
    let discard: @convention(c) (OpaquePointer) -> Void
    let errorCodeZip: @convention(c) (UnsafePointer<zip_error_t>) -> Int32
    let errorFini: @convention(c) (UnsafeMutablePointer<zip_error_t>) -> Void
    let errorInit: @convention(c) (UnsafeMutablePointer<zip_error_t>) -> Void
    let errorInitWithCode: @convention(c) (UnsafeMutablePointer<zip_error_t>, Int32) -> Void
    let errorStrerror: @convention(c) (UnsafeMutablePointer<zip_error_t>) -> UnsafePointer<CChar>
    let fclose: @convention(c) (OpaquePointer) -> Int32
    let fileAdd: @convention(c) (OpaquePointer, UnsafePointer<CChar>, OpaquePointer, zip_flags_t) -> zip_int64_t
    let fileStrerror: @convention(c) (OpaquePointer) -> UnsafePointer<CChar>
    let fopenIndex: @convention(c) (OpaquePointer, zip_uint64_t, zip_flags_t) -> OpaquePointer?
    let fread: @convention(c) (OpaquePointer, UnsafeMutableRawPointer, zip_uint64_t) -> zip_int64_t
    let getNumEntries: @convention(c) (OpaquePointer, zip_flags_t) -> zip_int64_t
    let open: @convention(c) (UnsafePointer<CChar>, Int32, UnsafeMutablePointer<Int32>?) -> OpaquePointer?
    let openFromSource: @convention(c) (OpaquePointer, Int32, UnsafeMutablePointer<zip_error_t>?) -> OpaquePointer?
    let setFileCompression: @convention(c) (OpaquePointer, zip_uint64_t, zip_int32_t, zip_uint32_t) -> Int32
    let sourceBuffer: @convention(c) (OpaquePointer, UnsafeRawPointer?, zip_uint64_t, Int32) -> OpaquePointer?
    let sourceBufferCreate: @convention(c) (UnsafeRawPointer?, zip_uint64_t, Int32, UnsafeMutablePointer<zip_error_t>?) -> OpaquePointer?
    let sourceFree: @convention(c) (OpaquePointer?) -> Void
    let statIndex: @convention(c) (OpaquePointer, zip_uint64_t, zip_flags_t, UnsafeMutablePointer<zip_stat_t>) -> Int32
    let statInit: @convention(c) (UnsafeMutablePointer<zip_stat_t>) -> Void
    let strerror: @convention(c) (OpaquePointer) -> UnsafePointer<CChar>

    /// The library, or nil and why not; a `static let` is initialised once, thread-safely, on first use.
    private static let loaded: (library: LibZip?, reason: String) = load()
    /// The loaded library, or nil.
    static var shared: LibZip? { loaded.library }
    /// Why libzip could not be loaded, for the error functions: a C string that lives as long as the process
    /// (immutable once made, hence `nonisolated(unsafe)`).
    nonisolated(unsafe) static let failure: UnsafePointer<CChar> = {
        if let copy = strdup("libzip could not be loaded (\(loaded.reason))") { return UnsafePointer(copy) }
        return UnsafeRawPointer(("libzip could not be loaded" as StaticString).utf8Start).assumingMemoryBound(to: CChar.self)
    }()

    private static func load() -> (library: LibZip?, reason: String) {
        // libzip.so.4 is the soname of libzip 1.x (Debian 12: 1.7.3); the unversioned name is the development link.
        guard let handle = dlopen("libzip.so.4", RTLD_NOW | RTLD_LOCAL) ?? dlopen("libzip.so", RTLD_NOW | RTLD_LOCAL) else {
            return (nil, dlerror().map { String(cString: $0) } ?? "libzip.so.4 not found")
        }
        var missing = false
        func resolve<F>(_ name: String, as type: F.Type) -> F? {
            guard let address = dlsym(handle, name) else { missing = true; return nil }
            return unsafeBitCast(address, to: type)
        }
        guard let close = resolve("zip_close", as: (@convention(c) (OpaquePointer) -> Int32).self),
              let discard = resolve("zip_discard", as: (@convention(c) (OpaquePointer) -> Void).self),
              let errorCodeZip = resolve("zip_error_code_zip", as: (@convention(c) (UnsafePointer<zip_error_t>) -> Int32).self),
              let errorFini = resolve("zip_error_fini", as: (@convention(c) (UnsafeMutablePointer<zip_error_t>) -> Void).self),
              let errorInit = resolve("zip_error_init", as: (@convention(c) (UnsafeMutablePointer<zip_error_t>) -> Void).self),
              let errorInitWithCode = resolve("zip_error_init_with_code",
                                              as: (@convention(c) (UnsafeMutablePointer<zip_error_t>, Int32) -> Void).self),
              let errorStrerror = resolve("zip_error_strerror",
                                          as: (@convention(c) (UnsafeMutablePointer<zip_error_t>) -> UnsafePointer<CChar>).self),
              let fclose = resolve("zip_fclose", as: (@convention(c) (OpaquePointer) -> Int32).self),
              let fileAdd = resolve("zip_file_add",
                                    as: (@convention(c) (OpaquePointer, UnsafePointer<CChar>, OpaquePointer, zip_flags_t) -> zip_int64_t).self),
              let fileStrerror = resolve("zip_file_strerror", as: (@convention(c) (OpaquePointer) -> UnsafePointer<CChar>).self),
              let fopenIndex = resolve("zip_fopen_index",
                                       as: (@convention(c) (OpaquePointer, zip_uint64_t, zip_flags_t) -> OpaquePointer?).self),
              let fread = resolve("zip_fread",
                                  as: (@convention(c) (OpaquePointer, UnsafeMutableRawPointer, zip_uint64_t) -> zip_int64_t).self),
              let getNumEntries = resolve("zip_get_num_entries", as: (@convention(c) (OpaquePointer, zip_flags_t) -> zip_int64_t).self),
              let open = resolve("zip_open",
                                 as: (@convention(c) (UnsafePointer<CChar>, Int32, UnsafeMutablePointer<Int32>?) -> OpaquePointer?).self),
              let openFromSource = resolve("zip_open_from_source",
                                           as: (@convention(c) (OpaquePointer, Int32, UnsafeMutablePointer<zip_error_t>?) -> OpaquePointer?).self),
              let setFileCompression = resolve("zip_set_file_compression",
                                               as: (@convention(c) (OpaquePointer, zip_uint64_t, zip_int32_t, zip_uint32_t) -> Int32).self),
              let sourceBuffer = resolve("zip_source_buffer",
                                         as: (@convention(c) (OpaquePointer, UnsafeRawPointer?, zip_uint64_t, Int32) -> OpaquePointer?).self),
              let sourceBufferCreate = resolve("zip_source_buffer_create",
                                               as: (@convention(c) (UnsafeRawPointer?, zip_uint64_t, Int32, UnsafeMutablePointer<zip_error_t>?) -> OpaquePointer?).self),
              let sourceFree = resolve("zip_source_free", as: (@convention(c) (OpaquePointer?) -> Void).self),
              let statIndex = resolve("zip_stat_index",
                                      as: (@convention(c) (OpaquePointer, zip_uint64_t, zip_flags_t, UnsafeMutablePointer<zip_stat_t>) -> Int32).self),
              let statInit = resolve("zip_stat_init", as: (@convention(c) (UnsafeMutablePointer<zip_stat_t>) -> Void).self),
              let strerror = resolve("zip_strerror", as: (@convention(c) (OpaquePointer) -> UnsafePointer<CChar>).self),
              !missing else {
            return (nil, "a function is missing from it")
        }
        return (LibZip(close: close, discard: discard, errorCodeZip: errorCodeZip, errorFini: errorFini, errorInit: errorInit,
                      errorInitWithCode: errorInitWithCode, errorStrerror: errorStrerror, fclose: fclose, fileAdd: fileAdd,
                      fileStrerror: fileStrerror, fopenIndex: fopenIndex, fread: fread, getNumEntries: getNumEntries,
                      open: open, openFromSource: openFromSource, setFileCompression: setFileCompression,
                      sourceBuffer: sourceBuffer, sourceBufferCreate: sourceBufferCreate, sourceFree: sourceFree,
                      statIndex: statIndex, statInit: statInit, strerror: strerror), "")
    }
}

// The error functions work on libzip's public zip_error_t even without libzip, so that a failure can be described.

@_cdecl("zip_error_init")
func _typesetZipErrorInit(_ error: UnsafeMutablePointer<zip_error_t>) {
    if let lib = LibZip.shared { lib.errorInit(error); return }
    error.pointee = zip_error_t(zip_err: ZIP_ER_OK, sys_err: 0, str: nil)
}

@_cdecl("zip_error_init_with_code")
func _typesetZipErrorInitWithCode(_ error: UnsafeMutablePointer<zip_error_t>, _ code: Int32) {
    if let lib = LibZip.shared { lib.errorInitWithCode(error, code); return }
    error.pointee = zip_error_t(zip_err: code, sys_err: 0, str: nil)
}

@_cdecl("zip_error_fini")
func _typesetZipErrorFini(_ error: UnsafeMutablePointer<zip_error_t>) {
    LibZip.shared?.errorFini(error)
}

@_cdecl("zip_error_code_zip")
func _typesetZipErrorCodeZip(_ error: UnsafePointer<zip_error_t>) -> Int32 {
    LibZip.shared?.errorCodeZip(error) ?? error.pointee.zip_err
}

@_cdecl("zip_error_strerror")
func _typesetZipErrorStrerror(_ error: UnsafeMutablePointer<zip_error_t>) -> UnsafePointer<CChar> {
    LibZip.shared?.errorStrerror(error) ?? LibZip.failure
}

@_cdecl("zip_open")
func _typesetZipOpen(_ path: UnsafePointer<CChar>, _ flags: Int32, _ error: UnsafeMutablePointer<Int32>?) -> OpaquePointer? {
    if let lib = LibZip.shared { return lib.open(path, flags, error) }
    error?.pointee = ZIP_ER_INTERNAL
    return nil
}

@_cdecl("zip_open_from_source")
func _typesetZipOpenFromSource(_ source: OpaquePointer, _ flags: Int32,
                                      _ error: UnsafeMutablePointer<zip_error_t>?) -> OpaquePointer? {
    if let lib = LibZip.shared { return lib.openFromSource(source, flags, error) }
    if let error { _typesetZipErrorInitWithCode(error, ZIP_ER_INTERNAL) }
    return nil
}

@_cdecl("zip_source_buffer_create")
func _typesetZipSourceBufferCreate(_ data: UnsafeRawPointer?, _ length: zip_uint64_t, _ freep: Int32,
                                          _ error: UnsafeMutablePointer<zip_error_t>?) -> OpaquePointer? {
    if let lib = LibZip.shared { return lib.sourceBufferCreate(data, length, freep, error) }
    if let error { _typesetZipErrorInitWithCode(error, ZIP_ER_INTERNAL) }
    return nil
}

// The functions below take an archive, a source or a file that only libzip can have made, so without libzip they
// are never reached; they fail quietly all the same.

@_cdecl("zip_close")
func _typesetZipClose(_ archive: OpaquePointer) -> Int32 { LibZip.shared?.close(archive) ?? -1 }

@_cdecl("zip_discard")
func _typesetZipDiscard(_ archive: OpaquePointer) { LibZip.shared?.discard(archive) }

@_cdecl("zip_fclose")
func _typesetZipFclose(_ file: OpaquePointer) -> Int32 { LibZip.shared?.fclose(file) ?? ZIP_ER_INTERNAL }

@_cdecl("zip_file_add")
func _typesetZipFileAdd(_ archive: OpaquePointer, _ name: UnsafePointer<CChar>, _ source: OpaquePointer,
                               _ flags: zip_flags_t) -> zip_int64_t {
    LibZip.shared?.fileAdd(archive, name, source, flags) ?? -1
}

@_cdecl("zip_file_strerror")
func _typesetZipFileStrerror(_ file: OpaquePointer) -> UnsafePointer<CChar> {
    LibZip.shared?.fileStrerror(file) ?? LibZip.failure
}

@_cdecl("zip_fopen_index")
func _typesetZipFopenIndex(_ archive: OpaquePointer, _ index: zip_uint64_t, _ flags: zip_flags_t) -> OpaquePointer? {
    LibZip.shared?.fopenIndex(archive, index, flags)
}

@_cdecl("zip_fread")
func _typesetZipFread(_ file: OpaquePointer, _ buffer: UnsafeMutableRawPointer, _ count: zip_uint64_t) -> zip_int64_t {
    LibZip.shared?.fread(file, buffer, count) ?? -1
}

@_cdecl("zip_get_num_entries")
func _typesetZipGetNumEntries(_ archive: OpaquePointer, _ flags: zip_flags_t) -> zip_int64_t {
    LibZip.shared?.getNumEntries(archive, flags) ?? -1
}

@_cdecl("zip_set_file_compression")
func _typesetZipSetFileCompression(_ archive: OpaquePointer, _ index: zip_uint64_t, _ method: zip_int32_t,
                                          _ level: zip_uint32_t) -> Int32 {
    LibZip.shared?.setFileCompression(archive, index, method, level) ?? -1
}

@_cdecl("zip_source_buffer")
func _typesetZipSourceBuffer(_ archive: OpaquePointer, _ data: UnsafeRawPointer?, _ length: zip_uint64_t,
                                    _ freep: Int32) -> OpaquePointer? {
    LibZip.shared?.sourceBuffer(archive, data, length, freep)
}

@_cdecl("zip_source_free")
func _typesetZipSourceFree(_ source: OpaquePointer?) { LibZip.shared?.sourceFree(source) }

@_cdecl("zip_stat_index")
func _typesetZipStatIndex(_ archive: OpaquePointer, _ index: zip_uint64_t, _ flags: zip_flags_t,
                                 _ stat: UnsafeMutablePointer<zip_stat_t>) -> Int32 {
    LibZip.shared?.statIndex(archive, index, flags, stat) ?? -1
}

@_cdecl("zip_stat_init")
func _typesetZipStatInit(_ stat: UnsafeMutablePointer<zip_stat_t>) {
    if let lib = LibZip.shared { lib.statInit(stat); return }
    stat.initialize(to: zip_stat_t())
}

@_cdecl("zip_strerror")
func _typesetZipStrerror(_ archive: OpaquePointer) -> UnsafePointer<CChar> {
    LibZip.shared?.strerror(archive) ?? LibZip.failure
}
