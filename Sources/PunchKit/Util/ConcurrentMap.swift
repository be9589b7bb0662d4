import Foundation

/// `map` over the machine's cores (`DispatchQueue.concurrentPerform`), results in input order.
public func concurrentMap<T, R>(_ items: [T], _ transform: (T) -> R) -> [R] {
    withoutActuallyEscaping(transform) { transform in
        let box = SharedSlots(items: items, transform: transform)
        DispatchQueue.concurrentPerform(iterations: items.count) { i in box.run(i) }
        return box.results.map { $0! }
    }
}

/// `concurrentMap` for a throwing transform: the first error (in input order) is thrown.
public func parallelMap<T, R>(_ items: [T], _ transform: (T) throws -> R) throws -> [R] {
    try withoutActuallyEscaping(transform) { transform in
        try concurrentMap(items) { item in Result { try transform(item) } }.map { try $0.get() }
    }
}

/// The state `concurrentPerform` shares between its workers; each writes its own slot under the lock.
private final class SharedSlots<T, R>: @unchecked Sendable {
    let items: [T]
    let transform: (T) -> R
    var results: [R?]
    let lock = NSLock()

    init(items: [T], transform: @escaping (T) -> R) {
        self.items = items
        self.transform = transform
        results = Array(repeating: nil, count: items.count)
    }

    func run(_ i: Int) {
        let r = transform(items[i])
        lock.lock()
        results[i] = r
        lock.unlock()
    }
}
