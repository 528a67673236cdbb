@testable import QuestlogCLI
import Testing

/// Framing requests on one connection, without sockets.
struct HTTPConnectionTests {
    static func answers(_ input: String, chunks: Int = 1) -> (text: String, closes: Bool, paths: [String]) {
        var connection = HTTPConnection()
        var paths: [String] = []
        let bytes = Array(input.utf8)
        let size = max(1, (bytes.count + chunks - 1) / chunks)
        for start in stride(from: 0, to: bytes.count, by: size) {
            connection.receive(bytes[start..<min(bytes.count, start + size)], at: 0)
            connection.answerRequests { request in
                paths.append(request.path)
                return .text(200, request.path)
            }
        }
        return (String(decoding: connection.output, as: UTF8.self), connection.closesAfterOutput, paths)
    }

    @Test func pipelinedRequestsAreAnsweredInOrderAndKeepTheConnection() {
        let result = Self.answers("GET /a HTTP/1.1\r\nHost: x\r\n\r\nGET /b HTTP/1.1\r\n\r\n\r\nGET /c HTTP/1.1\r\n\r\n", chunks: 7)
        #expect(result.paths == ["/a", "/b", "/c"])
        #expect(!result.closes)
        #expect(result.text.components(separatedBy: "Connection: keep-alive").count == 4)
    }

    @Test func bareLineFeedsAreEnough() {
        let result = Self.answers("GET /a HTTP/1.1\nHost: x\n\nGET /b HTTP/1.1\n\r\n")
        #expect(result.paths == ["/a", "/b"])
    }

    @Test func connectionCloseIsHonouredAndStopsTheRest() {
        let result = Self.answers("GET /a HTTP/1.1\r\nConnection: Keep-Alive, close\r\n\r\nGET /b HTTP/1.1\r\n\r\n")
        #expect(result.paths == ["/a"])
        #expect(result.closes)
        #expect(result.text.contains("Connection: close\r\n"))
    }

    @Test func http10ClosesUnlessAskedToKeepAlive() {
        #expect(Self.answers("GET /a HTTP/1.0\r\n\r\n").closes)
        #expect(!Self.answers("GET /a HTTP/1.0\r\nConnection: keep-alive\r\n\r\n").closes)
    }

    @Test func aRequestWithABodyIsAnsweredThenClosed() {
        let result = Self.answers("POST /a HTTP/1.1\r\nContent-Length: 5\r\n\r\nhello")
        #expect(result.paths == ["/a"])
        #expect(result.closes)
    }

    @Test(arguments: [
        "GET /a HTTP/1.1\r\nNo colon here\r\n\r\n",
        "GET /a HTTP/1.1\r\nName : value\r\n\r\n",
        "GET /a HTTP/1.1\r\n: value\r\n\r\n",
        "GET /a HTTP/1.1\r\nContent-Length: -1\r\n\r\n",
        "GET /a HTTP/2.0\r\n\r\n",
        "GET  /a HTTP/1.1\r\n\r\n",
        "G\u{0}T /a HTTP/1.1\r\n\r\n",
        "\u{16}\u{03}\u{01}\u{02}\u{00}\u{01}\r\n\r\n",
    ])
    func malformedRequestsGet400AndClose(_ input: String) {
        let result = Self.answers(input)
        #expect(result.text.hasPrefix("HTTP/1.1 400 Bad Request\r\n"))
        #expect(result.closes)
        #expect(result.paths.isEmpty)
    }

    @Test func headsOver16KBGet431() {
        let huge = "GET /a HTTP/1.1\r\nX-Big: " + String(repeating: "a", count: 17_000)
        let unfinished = Self.answers(huge, chunks: 5)
        #expect(unfinished.text.hasPrefix("HTTP/1.1 431 Request Header Fields Too Large\r\n"))
        #expect(unfinished.closes)
        let finished = Self.answers(huge + "\r\n\r\n")
        #expect(finished.text.hasPrefix("HTTP/1.1 431 "))
        #expect(Self.answers("GET /a HTTP/1.1\r\nX-Big: " + String(repeating: "a", count: 16_000) + "\r\n\r\n").paths == ["/a"])
    }

    @Test func theDeadlineRunsFromARequestsFirstByte() {
        var connection = HTTPConnection()
        connection.receive(Array("\r\n".utf8)[...], at: 1)
        #expect(connection.requestStarted == nil, "line breaks before a request start nothing")
        connection.receive(Array("GET / HT".utf8)[...], at: 2)
        connection.receive(Array("TP/1.1\r\n".utf8)[...], at: 3)
        #expect(connection.requestStarted == 2)
        connection.receive(Array("\r\n".utf8)[...], at: 4)
        connection.answerRequests { _ in .text(200, "ok") }
        #expect(connection.requestStarted == nil)
    }
}
