import Foundation

/// log C(n, k), through the log-gamma function so that the exact tests' sums neither overflow nor lose their small
/// terms (`FisherExactTest`, `McNemarExactTest`).
func logBinomialCoefficient(_ n: Int, _ k: Int) -> Double {
    lgamma(Double(n + 1)) - lgamma(Double(k + 1)) - lgamma(Double(n - k + 1))
}
