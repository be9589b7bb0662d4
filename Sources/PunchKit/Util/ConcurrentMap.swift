import Foundation

/// `map` over the machine's cores (`DispatchQueue.concurrentPerform`), results in input order.
/// `transform` is called from several threads at once: it must only read what it shares.
public func concurrentMap<T, R: Sendable>(_ items: [T], _ transform: (T) -> R) -> [R] {
    withoutActuallyEscaping(transform) { transform in
        let work = SharedWork(items: items, transform: transform)
        let results = Locked([R?](repeating: nil, count: items.count))
        DispatchQueue.concurrentPerform(iterations: items.count) { i in
            let r = work.transform(work.items[i])
            results.withLock { $0[i] = r }
        }
        return results.withLock { $0.map { $0! } }
    }
}

/// `concurrentMap` for a throwing transform: the first error (in input order) is thrown.
public func parallelMap<T, R: Sendable>(_ items: [T], _ transform: (T) throws -> R) throws -> [R] {
    try withoutActuallyEscaping(transform) { transform in
        try concurrentMap(items) { item in Result { try transform(item) } }.map { try $0.get() }
    }
}

/// What `concurrentPerform`'s workers share: the items and the transform, read-only.
private final class SharedWork<T, R>: @unchecked Sendable {  // unchecked: no mutable state; `transform` runs on several threads (concurrentMap's contract)
    let items: [T]
    let transform: (T) -> R

    init(items: [T], transform: @escaping (T) -> R) {
        self.items = items
        self.transform = transform
    }
}
