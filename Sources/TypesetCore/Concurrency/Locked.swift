import Synchronization
#if TYPESET_TSAN
#if canImport(Glibc)
import Glibc
#endif
#endif

#if !TYPESET_TSAN
/// The lock every shared cache and pool in Typeset uses (the readers' too): the standard library's `Mutex`.
///
/// Under ThreadSanitizer (`Tests/sanitizers.sh` builds with `-D TYPESET_TSAN`) it is a pthread mutex instead:
/// on Linux, `Mutex` hands a contended lock over inside the kernel (a priority-inheritance futex), where
/// ThreadSanitizer cannot see it, so every contended `withLock` was reported as a race (reproduced with a
/// 20-line program: two threads, one `Mutex<[Int]>`). ThreadSanitizer intercepts `pthread_mutex_lock`, so the
/// races it reports in that build are real ones.
package typealias Locked<Value: ~Copyable> = Mutex<Value>
#else
/// ``Locked`` for ThreadSanitizer builds: a pthread mutex, which ThreadSanitizer understands.
///
/// The value lives in its own allocation rather than in a stored property: Swift's exclusivity checks report
/// an access to a zero-sized property (`Locked<Void>`, the fontconfig lock) at the object's own address, where
/// other threads read the object's header, which ThreadSanitizer took for a race. Plain loads and stores of the
/// value are still checked.
package final class Locked<Value: ~Copyable>: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let storage: UnsafeMutablePointer<Value>

    /// A lock holding `value`.
    package init(_ value: consuming sending Value) {
        storage = .allocate(capacity: 1)
        storage.initialize(to: value)
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
        storage.deinitialize(count: 1)
        storage.deallocate()
    }

    /// Runs `body` on the value, holding the lock.
    package func withLock<Result: ~Copyable, E: Error>(_ body: (inout sending Value) throws(E) -> sending Result) throws(E) -> sending Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&storage.pointee)
    }
}
#endif
