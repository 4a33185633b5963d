;;; civil.el --- civil's heated threads in notmuch-emacs  -*- lexical-binding: t -*-

;; SPDX-License-Identifier: GPL-2.0-or-later

;; Keywords: mail
;; Package-Requires: ((emacs "27.1") (notmuch "0.32"))

;;; Commentary:

;; civil (civil-scan, civil-heated, escalate-thread) in notmuch-emacs:
;;
;; - a saved search "heated" for the threads civil (or you) tagged heated,
;;   on the notmuch-hello screen and under `j H', and one "worth a look"
;;   (`j L') for the messages civil is unsure of: not heated, but from
;;   git config civil.review up (`civil-scan --apply' marks them
;;   property:civil.review=1); tag one +heated if you hold it so;
;; - in notmuch-show, under each heated message's header line, the
;;   passages that made civil flag it (from `civil-heated --format=json
;;   --explain', which reads the reasons `civil-scan --apply' kept), and
;;   under each message worth a look the sentence that decided it;
;; - `E' in notmuch-show, notmuch-search and notmuch-tree runs
;;   `escalate-thread' on the current thread and opens the private draft
;;   to the board for you to finish and send (it sends nothing itself).
;;
;; Put this in your init file:
;;
;;     (with-eval-after-load 'notmuch (require 'civil))

;;; Code:

(require 'json)
(require 'notmuch)
(require 'notmuch-show)
(require 'notmuch-tree)
(require 'notmuch-draft)

(defgroup civil nil
  "civil's heated threads in notmuch."
  :group 'notmuch)

(defcustom civil-heated-program "civil-heated"
  "The civil-heated program."
  :type 'string)

(defcustom civil-escalate-program "escalate-thread"
  "The escalate-thread program."
  :type 'string)

(defcustom civil-show-reasons t
  "Whether notmuch-show lists why civil found a message heated."
  :type 'boolean)

(defcustom civil-saved-search-key "H"
  "The key of the \"heated\" saved search, or nil for none."
  :type '(choice string (const nil)))

(defcustom civil-review-saved-search-key "L"
  "The key of the \"worth a look\" saved search, or nil for none."
  :type '(choice string (const nil)))

(defface civil-reason
  '((t :inherit font-lock-warning-face))
  "Face of the reasons civil gives in notmuch-show.")

(defun civil--setting (key default)
  "The notmuch config value of KEY (civil.tag...), or DEFAULT."
  (let ((v (ignore-errors
	     (car (notmuch--process-lines notmuch-command "config" "get"
					  key)))))
    (if (and v (not (string= v ""))) v default)))

(defun civil-heated-query ()
  "The notmuch query for the threads civil lists as heated."
  (format "tag:%s or tag:%s"
	  (civil--setting "civil.tag" "heated")
	  (civil--setting "civil.thread-tag" "heated-thread")))

(defun civil-review-query ()
  "The notmuch query for the messages civil holds worth a look.
Those `civil-scan --apply' marked property:civil.review=1 (not heated,
from git config civil.review up), in threads with no heated message:
the threads `civil-heated' lists as worth a look."
  (format "property:civil.review=1 and not thread:\"{tag:%s or tag:%s}\""
	  (civil--setting "civil.tag" "heated")
	  (civil--setting "civil.thread-tag" "heated-thread")))

(defun civil--add-one-saved-search (name query key)
  "Add the saved search NAME for QUERY under KEY, unless there is one."
  (unless (seq-find (lambda (s)
		      (equal (notmuch-saved-search-get s :name) name))
		    notmuch-saved-searches)
    (customize-set-variable
     'notmuch-saved-searches
     (append notmuch-saved-searches
	     (list (append (list :name name :query query
				 :sort-order 'newest-first)
			   (and key (list :key key))))))))

(defun civil--add-saved-search ()
  "Add the \"heated\" and \"worth a look\" saved searches, unless there are."
  (civil--add-one-saved-search "heated" (civil-heated-query)
			       civil-saved-search-key)
  (civil--add-one-saved-search "worth a look" (civil-review-query)
			       civil-review-saved-search-key))

;;; Reasons in notmuch-show

(defun civil--heated-json (query)
  "The threads `civil-heated --format=json --explain QUERY' lists."
  (with-temp-buffer
    (when (eq 0 (ignore-errors
		  (call-process civil-heated-program nil (list t nil) nil
				"--format=json" "--explain" query)))
      (goto-char (point-min))
      (let ((json-object-type 'alist)
	    (json-array-type 'list)
	    (json-key-type 'symbol))
	(ignore-errors (json-read))))))

(defun civil--passages-by-id (threads)
  "A hash table: Message-ID -> the passages THREADS give for it.
A passage of a thread worth a look is marked so (`worth_a_look')."
  (let ((by-id (make-hash-table :test #'equal)))
    (dolist (thread threads)
      (let ((review (eq (alist-get 'worth_a_look thread) t)))
	(dolist (p (alist-get 'passages thread))
	  (let ((id (alist-get 'id p)))
	    (puthash id (append (gethash id by-id)
				(list (if review (cons '(worth_a_look . t) p) p)))
		     by-id)))))
    by-id))

(defun civil--reason-lines (passages indent)
  "Lines of text saying why, one per passage in PASSAGES, INDENT deep.
Each reads as `civil-heated --explain' writes it: the score, the signal
(which says whom it is aimed at), the words when there are some, and
the sentence; \"civil, worth a look:\" for a message civil is unsure of."
  (mapconcat
   (lambda (p)
     (let ((score (alist-get 'score p))
	   (match (alist-get 'match p)))
       (format "%scivil%s: %s %s%s%s"
	       (make-string indent ?\s)
	       (if (alist-get 'worth_a_look p) ", worth a look" "")
	       (if (numberp score) (format "%.2f" score) "?")
	       (alist-get 'signal p)
	       (if (and (stringp match) (not (string= match "")))
		   (format " '%s'" match)
		 "")
	       (let ((sentence (alist-get 'sentence p)))
		 (if (and (stringp sentence) (not (string= sentence "")))
		     (format ": \"%s\"" sentence)
		   "")))))
   passages "\n"))

(defun civil--indent ()
  "Columns the current message's header line is indented by."
  (* notmuch-show-indent-messages-width
     (or (notmuch-show-get-prop :depth) 0)))

(defun civil-show-insert-reasons ()
  "Show under each heated message's header line why civil flagged it.
Run from `notmuch-show-hook'."
  (when (and civil-show-reasons notmuch-show-thread-id)
    (let ((by-id (civil--passages-by-id
		  (civil--heated-json notmuch-show-thread-id))))
      (unless (zerop (hash-table-count by-id))
	(notmuch-show-mapc
	 (lambda ()
	   (let ((passages (gethash (notmuch-show-get-message-id t) by-id)))
	     (when passages
	       (save-excursion
		 (goto-char (notmuch-show-message-top))
		 (let ((ov (make-overlay (line-end-position)
					 (line-end-position))))
		   (overlay-put ov 'civil t)
		   (overlay-put ov 'after-string
				(propertize
				 (concat "\n" (civil--reason-lines
						passages
						(civil--indent)))
				 'face 'civil-reason))))))))))))

;;; Escalating a thread

(defun civil--current-thread ()
  "A notmuch query for the thread at point, in show, search or tree."
  (cond ((derived-mode-p 'notmuch-show-mode) notmuch-show-thread-id)
	((derived-mode-p 'notmuch-tree-mode) (notmuch-tree-get-message-id))
	((derived-mode-p 'notmuch-search-mode)
	 (notmuch-search-find-thread-id))))

(defun civil-escalate-thread (&optional thread)
  "Make the private draft to the board about THREAD, and edit it.
THREAD is a notmuch query for the thread at point by default.
`escalate-thread' stores the draft in notmuch; this opens it with
`notmuch-draft-resume'.  Nothing is sent until you send it."
  (interactive)
  (let ((thread (or thread (civil--current-thread))))
    (unless thread
      (user-error "No thread here"))
    (with-temp-buffer
      (let ((status (call-process civil-escalate-program nil t nil
				  "--notmuch" thread)))
	(unless (eq status 0)
	  (error "%s" (string-trim (buffer-string))))
	(goto-char (point-min))
	(unless (re-search-forward "^  \\(id:[^ \n]+\\)$" nil t)
	  (error "escalate-thread said no draft id: %s"
		 (string-trim (buffer-string))))
	(let ((id (match-string 1)))
	  (notmuch-draft-resume id)
	  (message "A draft to the board: add your own words, then send it"))))))

(define-key notmuch-show-mode-map "E" #'civil-escalate-thread)
(define-key notmuch-search-mode-map "E" #'civil-escalate-thread)
(define-key notmuch-tree-mode-map "E" #'civil-escalate-thread)
(add-hook 'notmuch-show-hook #'civil-show-insert-reasons)
(civil--add-saved-search)

(provide 'civil)

;;; civil.el ends here
