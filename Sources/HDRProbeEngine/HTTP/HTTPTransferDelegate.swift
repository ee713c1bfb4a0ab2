import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The sessions' delegate: hands each task's callbacks to its ``HTTPTransfer`` (keyed by the task
/// itself: identifiers repeat across the sessions a client replaces), cancels a task whose
/// transfer has enough, and decides every redirect hop.
final class HTTPTransferDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let lock = NSLock()
    /// The task is kept with its transfer so that its identity is not reused while registered.
    private var transfers: [ObjectIdentifier: (task: URLSessionTask, transfer: HTTPTransfer)] = [:]

    func register(_ transfer: HTTPTransfer, for task: URLSessionTask) {
        lock.lock()
        transfers[ObjectIdentifier(task)] = (task, transfer)
        lock.unlock()
    }

    func remove(_ task: URLSessionTask) {
        lock.lock()
        transfers[ObjectIdentifier(task)] = nil
        lock.unlock()
    }

    private func transfer(_ task: URLSessionTask) -> HTTPTransfer? {
        lock.lock()
        defer { lock.unlock() }
        return transfers[ObjectIdentifier(task)]?.transfer
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void) {
        guard let transfer = transfer(dataTask) else {
            completionHandler(.cancel)
            return
        }
        transfer.received(response as URLResponse)
        // An error status ends the transfer with its head: its body (an error page) is not wanted.
        if let status = (response as? HTTPURLResponse)?.statusCode, status >= 400 {
            completionHandler(.cancel)
            transfer.completed(nil)
            return
        }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        // A task no longer registered was cancelled by its fetch (time limit, cut-off). The fetch
        // cancels a task cut off here too, off this queue (a cancel waits for the session's queue).
        _ = transfer(dataTask)?.received(data)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void) {
        guard let transfer = transfer(task) else {
            completionHandler(nil)
            return
        }
        completionHandler(transfer.redirect(from: response, to: request))
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        transfer(task)?.completed(error)
        remove(task)
    }
}
