import Testing

extension FuzzReport {
    /// Prints the summary (the log shows each campaign's cases and time) and records every failure
    /// (the first few, one a line) as an issue of the calling test.
    public func expectNoFailures(sourceLocation: SourceLocation = #_sourceLocation) {
        print(summary)
        #expect(failures.isEmpty, Comment(rawValue: failureList), sourceLocation: sourceLocation)
    }
}
