import DuetCore

/// A JSON-RPC 2.0 error object: the protocol's code and a sentence saying what was wrong and what
/// to send instead (docs/commands.md "mcp").
///
/// Only the protocol's own failures are errors; a tool that ran and failed answers a result with
/// `isError: true`, so the agent reads why.
struct JSONRPCError: Error, Equatable {
  /// The line is not JSON.
  static let parseErrorCode: Int64 = -32700
  /// The JSON is not a request object (a batch, a missing `method`, a wrong `jsonrpc`).
  static let invalidRequestCode: Int64 = -32600
  /// No such method.
  static let methodNotFoundCode: Int64 = -32601
  /// The method exists but its `params` do not fit it (an unknown tool too).
  static let invalidParamsCode: Int64 = -32602
  /// The server could not do what was asked for a reason of its own.
  static let internalErrorCode: Int64 = -32603

  var code: Int64
  var message: String

  static func parse(_ message: String) -> JSONRPCError { JSONRPCError(code: parseErrorCode, message: message) }
  static func invalidRequest(_ message: String) -> JSONRPCError {
    JSONRPCError(code: invalidRequestCode, message: message)
  }
  static func methodNotFound(_ message: String) -> JSONRPCError {
    JSONRPCError(code: methodNotFoundCode, message: message)
  }
  static func invalidParams(_ message: String) -> JSONRPCError {
    JSONRPCError(code: invalidParamsCode, message: message)
  }
  static func internalError(_ message: String) -> JSONRPCError {
    JSONRPCError(code: internalErrorCode, message: message)
  }

  /// The `error` member of a reply.
  var value: JSONValue { .object(["code": .integer(code), "message": .string(message)]) }
}
