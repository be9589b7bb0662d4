import Foundation
import Testing
import TestSupport
@testable import PoseVision

@Suite struct CanvasTests {
    @Test func drawsAndWritesAPNG() throws {
        let canvas = try Canvas(width: 40, height: 30, background: .white)
        canvas.rect(10, 10, 10, 5, .black)
        canvas.line(0, 0, 39, 0, Canvas.Colour(255, 0, 0), thickness: 1)
        let px = canvas.pixels()
        #expect(Array(px[(12 * 40 + 15) * 3..<(12 * 40 + 15) * 3 + 3]) == [0, 0, 0])  // inside the rectangle
        #expect(Array(px[(25 * 40 + 35) * 3..<(25 * 40 + 35) * 3 + 3]) == [255, 255, 255])
        let scratch = try ScratchDirectory()
        let path = scratch.file("canvas.png")
        try canvas.write(to: path)
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(Array(data.prefix(4)) == [0x89, 0x50, 0x4E, 0x47])  // PNG signature
    }

    @Test func writingToAMissingFolderFailsWithTheFileName() throws {
        let canvas = try Canvas(width: 4, height: 4)
        let error = try #require(throws: VisionError.self) { try canvas.write(to: "/nonexistent/dir/x.png") }
        #expect(error.message.contains("/nonexistent/dir/x.png"))
        #expect(throws: VisionError.self) { try Canvas(width: 0, height: 10) }
    }
}
