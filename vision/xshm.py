"""Read an X11 window's own pixels through MIT-SHM shared memory (XCB's ``shm_get_image``).

Why: ``gridsight live`` polls the game window 15-30 times a second, and python-xlib's
``get_image`` sends every picture through the X socket and parses it in Python (about 1.5 ms
for 640x528, most of an idle poll). With MIT-SHM the server copies the window straight into a
shared memory segment that this process maps, and one ``cv2.cvtColor`` makes the BGR copy.

Why XCB and not Xlib's ``XShmGetImage``: Xlib reports a refused request (a window partly off
screen without a compositor gives ``BadMatch``) through one process-wide error handler whose
default ends the process, and replacing it would also take errors away from mss or Qt in the
same process. XCB returns each request's error to its caller, so nothing global is touched.

One connection and one System V segment are kept and reused; the segment is made again only
when the picture size changes, and both are released by :meth:`XShmGrabber.close`. Where
MIT-SHM cannot work (the extension is missing, or the server is on another machine so it cannot
attach our segment) :meth:`XShmGrabber.open` raises :class:`XShmUnavailable` and the caller
keeps its plain ``GetImage`` path.
"""

from __future__ import annotations

import ctypes
from ctypes import POINTER, Structure, c_char, c_char_p, c_int, c_uint, c_uint8, c_uint16, c_uint32
from ctypes import c_int16, c_size_t, c_void_p
from ctypes.util import find_library

import numpy as np

Z_PIXMAP = 2
ALL_PLANES = 0xFFFFFFFF
IPC_PRIVATE, IPC_CREAT, IPC_RMID = 0, 0o1000, 0


class XShmUnavailable(Exception):
    """MIT-SHM cannot be used with this display (no library, no extension, remote server)."""


class _Cookie(Structure):
    _fields_ = [("sequence", c_uint)]


class _GenericError(Structure):
    _fields_ = [("response_type", c_uint8), ("error_code", c_uint8), ("sequence", c_uint16),
                ("resource_id", c_uint32), ("minor_code", c_uint16), ("major_code", c_uint8),
                ("pad0", c_uint8), ("pad", c_uint32 * 5), ("full_sequence", c_uint32)]


class _ExtensionReply(Structure):
    _fields_ = [("response_type", c_uint8), ("pad0", c_uint8), ("sequence", c_uint16),
                ("length", c_uint32), ("present", c_uint8), ("major_opcode", c_uint8),
                ("first_event", c_uint8), ("first_error", c_uint8)]


class _GetImageReply(Structure):
    _fields_ = [("response_type", c_uint8), ("depth", c_uint8), ("sequence", c_uint16),
                ("length", c_uint32), ("visual", c_uint32), ("size", c_uint32)]


class _Libraries:
    """libxcb, libxcb-shm and libc with the prototypes used here (loaded once per process)."""

    _loaded: "_Libraries | None" = None

    def __init__(self) -> None:
        names = {key: find_library(key) for key in ("xcb", "xcb-shm", "c")}
        missing = [key for key, path in names.items() if path is None]
        if missing:
            raise XShmUnavailable(f"library not found: {', '.join(missing)}")
        xcb = ctypes.CDLL(names["xcb"])
        shm = ctypes.CDLL(names["xcb-shm"])
        libc = ctypes.CDLL(names["c"], use_errno=True)
        conn = c_void_p
        err_p = POINTER(POINTER(_GenericError))
        for lib, name, args, res in (
            (xcb, "xcb_connect", [c_char_p, POINTER(c_int)], conn),
            (xcb, "xcb_connection_has_error", [conn], c_int),
            (xcb, "xcb_disconnect", [conn], None),
            (xcb, "xcb_flush", [conn], c_int),
            (xcb, "xcb_generate_id", [conn], c_uint32),
            (xcb, "xcb_get_extension_data", [conn, c_void_p], POINTER(_ExtensionReply)),
            (xcb, "xcb_request_check", [conn, _Cookie], POINTER(_GenericError)),
            (shm, "xcb_shm_attach_checked", [conn, c_uint32, c_uint32, c_uint8], _Cookie),
            (shm, "xcb_shm_detach", [conn, c_uint32], _Cookie),
            (shm, "xcb_shm_get_image", [conn, c_uint32, c_int16, c_int16, c_uint16, c_uint16,
                                        c_uint32, c_uint8, c_uint32, c_uint32], _Cookie),
            (shm, "xcb_shm_get_image_reply", [conn, _Cookie, err_p], POINTER(_GetImageReply)),
            (libc, "shmget", [c_int, c_size_t, c_int], c_int),
            (libc, "shmat", [c_int, c_void_p, c_int], c_void_p),
            (libc, "shmdt", [c_void_p], c_int),
            (libc, "shmctl", [c_int, c_int, c_void_p], c_int),
            (libc, "free", [c_void_p], None),
        ):
            function = getattr(lib, name)
            function.argtypes, function.restype = args, res
        self.xcb, self.shm, self.libc = xcb, shm, libc
        self.shm_id = ctypes.addressof(c_char.in_dll(shm, "xcb_shm_id"))

    @classmethod
    def get(cls) -> "_Libraries":
        if cls._loaded is None:
            try:
                cls._loaded = cls()
            except (OSError, AttributeError, ValueError) as error:
                raise XShmUnavailable(f"cannot load libxcb-shm ({error})") from None
        return cls._loaded


class _Segment:
    """One System V shared memory segment attached both here and in the X server."""

    def __init__(self, libs: _Libraries, conn: int, size: int):
        self.size = size
        self._libs, self._conn = libs, conn
        libc = libs.libc
        self.shmid = libc.shmget(IPC_PRIVATE, size, IPC_CREAT | 0o600)
        if self.shmid < 0:
            raise XShmUnavailable(f"shmget failed (errno {ctypes.get_errno()})")
        address = libc.shmat(self.shmid, None, 0)
        if address in (None, ctypes.c_void_p(-1).value):
            libc.shmctl(self.shmid, IPC_RMID, None)
            raise XShmUnavailable(f"shmat failed (errno {ctypes.get_errno()})")
        self.address = address
        self.seg = libs.xcb.xcb_generate_id(conn)
        error = libs.xcb.xcb_request_check(conn, libs.shm.xcb_shm_attach_checked(
            conn, self.seg, self.shmid, 0))
        # Marked for removal now: the kernel frees it once both sides have detached, even if
        # this process dies without closing.
        libc.shmctl(self.shmid, IPC_RMID, None)
        if error:
            code = error.contents.error_code
            libs.libc.free(error)
            libc.shmdt(self.address)
            self.address = None
            raise XShmUnavailable(f"the X server cannot attach our shared memory (error {code})")
        self.view = np.ctypeslib.as_array((ctypes.c_uint8 * size).from_address(address))

    def release(self) -> None:
        if self.address is None:
            return
        self._libs.shm.xcb_shm_detach(self._conn, self.seg)
        self._libs.xcb.xcb_flush(self._conn)
        self.view = None
        self._libs.libc.shmdt(self.address)
        self.address = None


class XShmGrabber:
    """Grabs windows of one X display into one reused shared memory segment."""

    def __init__(self, libs: _Libraries, conn: int):
        self._libs, self._conn = libs, conn
        self._segment: _Segment | None = None
        self.segments_made = 0  # how many segments were made: once per picture size

    @classmethod
    def open(cls, display: str | None = None) -> "XShmGrabber":
        """A grabber for ``display`` (``None``: ``$DISPLAY``), or :class:`XShmUnavailable`."""
        libs = _Libraries.get()
        name = display.encode() if display is not None else None
        conn = libs.xcb.xcb_connect(name, None)
        if not conn or libs.xcb.xcb_connection_has_error(conn):
            if conn:
                libs.xcb.xcb_disconnect(conn)
            raise XShmUnavailable(f"cannot connect to X display {display or '$DISPLAY'}")
        grabber = cls(libs, conn)
        try:
            extension = libs.xcb.xcb_get_extension_data(conn, libs.shm_id)
            if not extension or not extension.contents.present:
                raise XShmUnavailable("the X server has no MIT-SHM extension")
            grabber._segment_for(4)  # proves that the server can attach our memory
        except BaseException:
            grabber.close()
            raise
        return grabber

    def _segment_for(self, size: int) -> _Segment:
        if self._segment is None or self._segment.size != size:
            if self._segment is not None:
                self._segment.release()
                self._segment = None
            self._segment = _Segment(self._libs, self._conn, size)
            self.segments_made += 1
        return self._segment

    def grab_bgra(self, window: int, width: int, height: int) -> np.ndarray | None:
        """A (height, width, 4) BGRX **view of the shared segment** (valid until the next grab),
        or ``None`` when the server refuses (window gone, partly unreadable, unusual depth)."""
        if self._conn is None:
            raise XShmUnavailable("grabber is closed")
        size = width * height * 4
        segment = self._segment_for(size)
        libs, conn = self._libs, self._conn
        cookie = libs.shm.xcb_shm_get_image(conn, window, 0, 0, width, height, ALL_PLANES,
                                            Z_PIXMAP, segment.seg, 0)
        error = POINTER(_GenericError)()
        reply = libs.shm.xcb_shm_get_image_reply(conn, cookie, ctypes.byref(error))
        if error:
            libs.libc.free(error)
        if not reply:
            if libs.xcb.xcb_connection_has_error(conn):
                raise XShmUnavailable("the X connection broke")
            return None
        depth, got = reply.contents.depth, reply.contents.size
        libs.libc.free(reply)
        if depth not in (24, 32) or got != size:
            return None  # not the usual 32-bit BGRX layout
        return segment.view.reshape(height, width, 4)

    def grab(self, window: int, width: int, height: int) -> np.ndarray | None:
        """The window's pixels as a new BGR array, or ``None`` (see :meth:`grab_bgra`)."""
        import cv2

        bgra = self.grab_bgra(window, width, height)
        if bgra is None:
            return None
        return cv2.cvtColor(bgra, cv2.COLOR_BGRA2BGR)

    def close(self) -> None:
        """Detach and free the segment, close the connection; safe to call twice."""
        if self._segment is not None:
            self._segment.release()
            self._segment = None
        if self._conn is not None:
            self._libs.xcb.xcb_disconnect(self._conn)
            self._conn = None
