import Foundation
import PunchKit

/// Videos in datasets and as INPUT: extracted to skeletons on first use (issue: the extractor).
enum VideoSkeletons {
    static let reader: Dataset.VideoReader = { url in
        throw DataFileError(file: url.path, "is a video; video extraction is not built yet — extract skeletons first")
    }
}
