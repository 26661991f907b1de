/// An error that ends a command with an exit status, printed as "halo COMMAND: error" without
/// the usage line (a bad scene or image, a failed render): ``Command/run(_:)`` reports it.
struct CommandFailure: Error {
    /// The command's exit status: 1 a failure, 2 bad input.
    let status: Int32
    /// What went wrong, as the library threw it.
    let error: any Error

    /// The value of `body`; an error it throws ends the command with `status`.
    static func exiting<T>(_ status: Int32, _ body: () throws -> T) throws -> T {
        do { return try body() } catch { throw CommandFailure(status: status, error: error) }
    }
}
