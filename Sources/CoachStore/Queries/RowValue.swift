import GRDB

/// A column of a query's row that holds a value of another type than the store wrote there: a
/// damaged or hand-edited file. `StoreError.wrap` makes it `StoreError.unreadableValue`.
struct UnreadableColumn: Error {
    var column: String
    var reason: String
}

extension Row {
    /// The value of `column` as `T`. GRDB's `row[column]` stops the process when the stored value is
    /// not a `T` (a NULL label, a text speed); this throws `UnreadableColumn` instead.
    func value<T: DatabaseValueConvertible>(_ column: String, as type: T.Type = T.self) throws -> T {
        let stored: DatabaseValue = self[column]
        guard let value = T.fromDatabaseValue(stored) else {
            throw UnreadableColumn(column: column, reason: "\(stored) is not a \(T.self)")
        }
        return value
    }

    /// The value of `column` as `T`, nil for NULL.
    func optionalValue<T: DatabaseValueConvertible>(_ column: String, as type: T.Type = T.self) throws -> T? {
        let stored: DatabaseValue = self[column]
        return stored.isNull ? nil : try value(column, as: T.self)
    }
}
