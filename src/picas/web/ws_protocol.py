"""uvicorn's sans-I/O WebSocket protocol, with a client's text frame that is not UTF-8 closed
with 1007 and one short log line: uvicorn logs a whole traceback for each such frame, and a
stranger sending them in a loop would fill the server's log."""

from __future__ import annotations

import logging

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

log = logging.getLogger("picas.web")


class QuietWebSocketProtocol(WebSocketsSansIOProtocol):
    def send_receive_event_to_app(self) -> None:
        if self.curr_msg_data_type == "text" and not self.close_sent:
            data = b"".join(self.frames)
            try:
                data.decode()
            except UnicodeDecodeError:
                self.frames = []
                log.info("WebSocket: un texto que no es UTF-8; se cierra con 1007")
                self.conn.send_close(1007)
                self.handle_parser_exception()
                return
        super().send_receive_event_to_app()
