extension SkeletonSequence {
    /// The sequence in the canonical layout; a failure becomes a `DataFileError` naming `file`
    /// (the skeleton CSV or video the sequence was read from).
    public func canonical(file: String) throws -> SkeletonSequence {
        do { return try canonical() } catch { throw DataFileError(file: file, "\(error)") }
    }
}
