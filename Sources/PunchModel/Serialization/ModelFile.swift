import Foundation
import PunchKit

/// The model file: a magic line, one JSON line (`ModelHeader`), then the weights as little-endian
/// float32 in layer order. The header carries the payload's length and SHA-256, so a truncated or
/// damaged file is refused, never half-loaded.
public enum ModelFile {
    static let magic = "punchcoach-model\n"

    public static func write(_ classifier: PunchClassifier, to url: URL) throws {
        let weights = classifier.networks.flatMap(\.flatParameters)
        var payload = [UInt8](repeating: 0, count: weights.count * 4)
        for (i, w) in weights.enumerated() {
            let bits = w.bitPattern.littleEndian
            for k in 0..<4 { payload[i * 4 + k] = UInt8(truncatingIfNeeded: bits >> (8 * UInt32(k))) }
        }
        var header = classifier.header
        header.layers = classifier.network.specs
        header.parameterCount = classifier.network.parameterCount
        header.format = header.members == nil ? 1 : 2
        header.payloadBytes = payload.count
        header.payloadSHA256 = SHA256.hash(payload)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = try encoder.encode(header)
        var data = Data(magic.utf8)
        data.append(json)
        data.append(UInt8(ascii: "\n"))
        data.append(contentsOf: payload)
        do { try AtomicFile.write(data, to: url) } catch { throw ModelError.unwritable(url.path, error.reason) }
    }

    public static func read(_ url: URL) throws -> PunchClassifier {
        let path = url.path
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw ModelError.unreadable(path, error.localizedDescription)
        }
        let bytes = [UInt8](data)
        let magicBytes = Array(magic.utf8)
        guard bytes.count >= magicBytes.count, Array(bytes[0..<magicBytes.count]) == magicBytes else {
            throw ModelError.foreign(path)
        }
        guard let end = bytes[magicBytes.count...].firstIndex(of: UInt8(ascii: "\n")) else {
            throw ModelError.truncated(path, have: 0, need: 1)
        }
        let json = Data(bytes[magicBytes.count..<end])
        // Read the format version first, so that a newer file is refused as newer, not as garbage.
        struct Version: Decodable { var format: Int }
        guard let version = try? JSONDecoder().decode(Version.self, from: json) else {
            throw ModelError.corrupted(path, "unreadable header")
        }
        guard version.format <= ModelHeader.currentFormat else { throw ModelError.newer(path, format: version.format) }
        let header: ModelHeader
        do { header = try JSONDecoder().decode(ModelHeader.self, from: json) } catch {
            throw ModelError.corrupted(path, "header: \(error)")
        }
        let payload = Array(bytes[(end + 1)...])
        guard payload.count >= header.payloadBytes else {
            throw ModelError.truncated(path, have: payload.count, need: header.payloadBytes)
        }
        guard payload.count == header.payloadBytes else {
            throw ModelError.corrupted(path, "\(payload.count - header.payloadBytes) bytes after the weights")
        }
        guard SHA256.hash(payload) == header.payloadSHA256 else {
            throw ModelError.corrupted(path, "checksum mismatch")
        }
        guard header.features.version == ModelHeader.featureVersion, header.features.channels == FeatureExtractor.channelCount else {
            throw ModelError.incompatible(path, "features v\(header.features.version) with \(header.features.channels) channels; this build computes v\(ModelHeader.featureVersion) (\(FeatureExtractor.channelCount)); train the model again")
        }
        guard header.layout == JointLayout.canonical.name else {
            throw ModelError.incompatible(path, "layout \(header.layout); this build feeds \(JointLayout.canonical.name)")
        }
        if let why = header.inconsistency() { throw ModelError.corrupted(path, why) }
        let members = header.members ?? 1
        var weights = [Float](repeating: 0, count: header.parameterCount * members)
        for i in 0..<weights.count {
            var bits: UInt32 = 0
            for k in 0..<4 { bits |= UInt32(payload[i * 4 + k]) << (8 * UInt32(k)) }
            weights[i] = Float(bitPattern: UInt32(littleEndian: bits))
        }
        let n = header.parameterCount
        let networks = (0..<members).map { m -> Network in
            let member = Network(specs: header.layers, seed: 0)
            member.load(flatParameters: Array(weights[(m * n)..<((m + 1) * n)]))
            return member
        }
        return PunchClassifier(header: header, networks: networks)
    }
}
