#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs a fuzz target's body over inputs.
///
/// Built by `Benchmarks/fuzz.sh` (with `-D QUESTLOG_FUZZ` and libFuzzer), it hands the command
/// line to libFuzzer, which calls the body with generated inputs; any crash, failed precondition
/// or memory error is a finding. In a plain build, which has no libFuzzer, it calls the body once
/// with each file named on the command line, to replay a corpus or a crash.
public enum FuzzDriver {
    /// The body libFuzzer calls; a C callback cannot capture it, so it is kept here. libFuzzer
    /// calls it from one thread.
    nonisolated(unsafe) private static var body: ([UInt8]) -> Void = { _ in }

    public static func run(_ body: @escaping ([UInt8]) -> Void) -> Never {
        #if QUESTLOG_FUZZ
        Self.body = body
        var argc = CommandLine.argc
        var argv = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in
            FuzzDriver.body(size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size)))
            return 0
        })
        #else
        for path in CommandLine.arguments.dropFirst() {
            guard let file = fopen(path, "rb") else {
                print("cannot read \(path)")
                exit(1)
            }
            var input: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 65_536)
            while case let count = fread(&chunk, 1, chunk.count, file), count > 0 {
                input += chunk[..<count]
            }
            fclose(file)
            body(input)
        }
        exit(0)
        #endif
    }
}

#if QUESTLOG_FUZZ
@_silgen_name("LLVMFuzzerRunDriver")
private func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32
#endif
